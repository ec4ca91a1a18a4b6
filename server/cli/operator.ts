// The operator's command-line tool: reads and changes a running deployment's settings through its operator
// API (so it works with the embedded database too, which only the server process may open).
//   npm run operator -- settings:get                     prints the settings as JSON
//   npm run operator -- settings:set <file.json>         validates and stores them; the site shows them at once
//   npm run operator -- content:export <file.json>       writes settings, content and pictures as one JSON file
//   npm run operator -- content:import <file.json>       replaces them all in one transaction (validated)
// Environment: KOPILKA_URL (default http://localhost:3000) and OPERATOR_TOKEN (as the server's).
import { readFileSync, writeFileSync } from 'node:fs';

const baseUrl = process.env.KOPILKA_URL ?? 'http://localhost:3000';
const token = process.env.OPERATOR_TOKEN;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    const message = text ? ((JSON.parse(text) as { message?: string }).message ?? text) : response.statusText;
    throw new Error(`${response.status}: ${message}`);
  }
  return text ? JSON.parse(text) : null;
}

async function main(args: string[]) {
  if (!token) throw new Error('Set OPERATOR_TOKEN to the server’s operator token');
  const [command, file] = args;
  switch (command) {
    case 'settings:get':
      console.log(JSON.stringify(await call('GET', '/api/operator/settings'), null, 2));
      return;
    case 'settings:set':
      if (!file) throw new Error('settings:set needs a JSON file');
      await call('PUT', '/api/operator/settings', JSON.parse(readFileSync(file, 'utf8')));
      console.log('Settings saved.');
      return;
    case 'content:export':
      if (!file) throw new Error('content:export needs a file to write');
      writeFileSync(file, `${JSON.stringify(await call('GET', '/api/operator/content'), null, 2)}\n`);
      console.log(`Content written to ${file}.`);
      return;
    case 'content:import': {
      if (!file) throw new Error('content:import needs a JSON file');
      const { imported } = await call('PUT', '/api/operator/content', JSON.parse(readFileSync(file, 'utf8')));
      console.log(`Content imported: ${JSON.stringify(imported)}.`);
      return;
    }
    default:
      console.log(
        'Commands: settings:get, settings:set <file.json>, content:export <file.json>, content:import <file.json>',
      );
      process.exitCode = command ? 1 : 0;
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
