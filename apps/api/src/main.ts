import { exitOnStartFailure, readConfigOrExit, runServer } from '@svc/runtime';
import { registerApiRoutes } from './routes.ts';

// The API alone, for production behind one base URL with the website beside it.
await runServer({ registrars: [registerApiRoutes], config: readConfigOrExit() }).catch(exitOnStartFailure);
