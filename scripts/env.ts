// Loads .env (if present) into process.env for the CLI scripts; real environment variables win.
import fs from 'node:fs';

export function loadDotEnv(file = '.env') {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
