// The operator's command-line tool: reads and changes a running deployment's settings through its operator
// API (so it works with the embedded database too, which only the server process may open).
//   npm run operator -- settings:get                     prints the settings as JSON
//   npm run operator -- settings:set <file.json>         validates and stores them; the site shows them at once
//   npm run operator -- content:export <file.json>       writes settings, content and pictures as one JSON file
//   npm run operator -- content:import <file.json>       replaces them all in one transaction (validated)
//   npm run operator -- till-key issue --point <id> [--label <text>]   a till API key, printed this once
//   npm run operator -- till-key list                    every till key (id, point, label, dates; never a key)
//   npm run operator -- till-key revoke <keyId>          revokes a till key at once
//   npm run operator -- gift-invoice list                companies' gift-card invoices (number, state, sum)
//   npm run operator -- gift-invoice paid <number> --payment <no> --date <yyyy-mm-dd>   the transfer arrived: issues the cards
//   npm run operator -- members delete --phone <phone> --reason <text>   deletes a member's account (a request received elsewhere)
//   npm run operator -- catalogue import <file.csv>     loads goods or categories from a CSV as Excel saves it
//   npm run operator -- catalogue load <file.json>      the ERP's batch: {"categories": [...], "items": [...]}
//   npm run operator -- catalogue categories | find [<text>] [--category <code>]   the tree; a search, every page
//   npm run operator -- staff create --email <e-mail> --role owner   a console account; prints a one-time password
//   npm run operator -- staff list | reset <e-mail> [--totp] | role <e-mail> <role> | disable <e-mail> | enable <e-mail>
// Environment: KOPILKA_URL (default http://localhost:3000) and OPERATOR_TOKEN (as the server's).
import { createOperatorClient } from './operator-client';
import { runOperatorCommand, USAGE } from './operator-commands';

async function main(args: string[]) {
  if (args.length === 0) return console.log(USAGE);
  const token = process.env.OPERATOR_TOKEN;
  if (!token) throw new Error('Set OPERATOR_TOKEN to the server’s operator token');
  const api = createOperatorClient(process.env.KOPILKA_URL ?? 'http://localhost:3000', token);
  await runOperatorCommand(api, args, (line) => console.log(line));
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
