import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, restoreBackup } from '../db/backup.ts';
import { createLogger } from '../logger.ts';

/**
 * `npm run db:restore -- <file>`: restores a `npm run db:backup` file into a new DATA_DIR (embedded database) or into
 * the empty database at DATABASE_URL (a backup of an external database). Then `npm start` with the same settings.
 */
async function main() {
  const file = process.argv[2];
  if (!file) throw new BackupError('Name the backup file: npm run db:restore -- fleetdeck-backup-….tar.gz');
  const config = loadConfig();
  const manifest = await restoreBackup(config, path.resolve(file), createLogger('warn'));
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ` +
      `start the product with the same settings (npm start).\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `db:restore failed: ${err instanceof BackupError || err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
