export { registerApiRoutes } from './routes/index.ts';
