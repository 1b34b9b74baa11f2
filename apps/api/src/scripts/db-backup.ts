import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, createBackup } from '../db/backup.ts';
import { createLogger } from '../logger.ts';

/**
 * `npm run db:backup [-- <file>]`: a consistent backup of this installation's database (embedded in DATA_DIR, or
 * DATABASE_URL), its installation keys and uploads, in one .tar.gz (default: ./fleetdeck-backup-<time>.tar.gz).
 * Works while `npm start` runs. See db/backup.ts.
 */
async function main() {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const file = path.resolve(process.argv[2] ?? `fleetdeck-backup-${stamp}.tar.gz`);
  const manifest = await createBackup(config, file, createLogger('warn'));
  process.stdout.write(
    `Backup written to ${file} (${manifest.kind === 'embedded' ? 'embedded database' : 'pg_dump of DATABASE_URL'}, ` +
      `PostgreSQL ${manifest.serverVersion}). It holds the installation keys: keep it as safe as the server.\n`,
  );
}

main().catch((err: unknown) => {
  const known = err instanceof BackupError || err instanceof ConfigError;
  process.stderr.write(`db:backup failed: ${known || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
