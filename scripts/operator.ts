// `npm run operator -- grant <email>`: gives an existing account the operator role (ADR 0031).
// On PostgreSQL (DATABASE_URL) it writes to the database directly, like any API node. On the
// embedded database only one process may open the data directory: when no server holds it, this
// command opens it itself; when the store is running, it asks the running server through its
// loopback-only admin operation, with the key the server wrote to <DATA_DIR>/admin.json.
import { readAdminFile } from '../server/admin-file';
import { loadConfig } from '../server/config';
import { migrate, openDatabase } from '../server/db';
import { LockedError } from '../server/db/lock-file';
import { grantOperator } from '../server/delivery/operator';

const USAGE = 'usage: npm run operator -- grant <email>';

async function viaRunningServer(dataDir: string, email: string): Promise<string> {
  const admin = readAdminFile(dataDir);
  if (admin === undefined) {
    throw new Error(
      `The data directory ${dataDir} is in use, but the server using it has not written admin.json (is it still starting?). Try again in a moment.`,
    );
  }
  const response = await fetch(`${admin.url}/api/admin/operators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'blockfront-admin-key': admin.key },
    body: JSON.stringify({ email }),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The running server answered ${response.status}`);
  return answer.message ?? `${email} is an operator now.`;
}

async function directly(email: string): Promise<string> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database, { migrationsFolder: config.migrationsDir });
    const granted = await grantOperator(database.db, { userId: null, label: 'cli' }, email);
    if (!granted) throw new Error(`There is no account with the address ${email}.`);
    return `${email.toLowerCase()} is an operator now.`;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== 'grant' || email === undefined || rest.length > 0 || !email.includes('@')) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  try {
    console.log(await directly(email));
  } catch (error) {
    if (!(error instanceof LockedError)) throw error;
    console.log(await viaRunningServer(config.dataDir, email));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
