// `npm start`: build the web app if needed, then run the API server (which serves it) in this process,
// so Ctrl-C reaches the server directly and it shuts down cleanly.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

if (process.env.ROLE !== 'worker') ensureWebBuild();
register();
await import('../apps/api/src/server.ts');
