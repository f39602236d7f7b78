import { exitOnStartFailure, readConfigOrExit, runServer } from '@svc/runtime';
import { registerWebRoutes, renderWebError } from './index.ts';

// The website alone, for production behind one base URL with the API beside it.
await runServer({ registrars: [registerWebRoutes], renderError: renderWebError, config: readConfigOrExit() }).catch(exitOnStartFailure);
