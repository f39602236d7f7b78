import { runServer } from '@svc/runtime';
import { registerWebRoutes } from './index.ts';

// The website alone, for production behind one base URL with the API beside it.
await runServer({ registrars: [registerWebRoutes] });
