import { registerApiRoutes } from './routes/index.ts';
import { runServer } from './run.ts';

// The API alone, for production behind one base URL with the website beside it.
await runServer({ registrars: [registerApiRoutes] });
