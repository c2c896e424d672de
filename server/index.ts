// Starts the API and SPA server (serve.ts) with the configuration from the environment; a setting
// out of its range stops it here with one sentence (config.ts).
import { configOrExit } from './config';
import { runServer } from './serve';

await runServer(configOrExit());
