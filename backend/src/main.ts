import 'reflect-metadata';
import { createApp } from './app.factory.js';
import { ConfigurationError, loadConfig } from './config/app-config.js';
import { collectStartupGarbage } from './documents/processing/heap-growth.js';

try {
  const config = loadConfig();
  const app = await createApp(config);
  collectStartupGarbage();
  await app.listen(config.http.port, config.http.host);
  console.log(JSON.stringify({ level: 'info', msg: `Docent is listening on http://localhost:${config.http.port}` }));
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
