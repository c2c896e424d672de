// Starts the API and SPA server (serve.ts) with the configuration from the environment.
import { loadConfig } from './config';
import { runServer } from './serve';

await runServer(loadConfig());
