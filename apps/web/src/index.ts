export { registerWebRoutes } from './routes/index.ts';
