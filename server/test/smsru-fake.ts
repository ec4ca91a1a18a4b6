import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for SMS.ru (decision 076) speaking its protocol: `POST /sms/send` form-encoded with `api_id`,
 * `to`, `msg`, `json=1`, answered with SMS.ru's JSON (an `sms_id` per number); and the delivery callback it posts
 * back: a form of `data[i]` entries, each `sms_status\n<sms_id>\n<status>\n<unix time>`, to which the receiver
 * answers `100` (sources in decision 076).
 */
export interface SmsRuFake {
  url: string;
  received: { to: string; msg: string; smsId: string }[];
  /** The callback's body for these messages and status (103 delivered, 104–108 not). */
  callbackBody(smsIds: string[], status: number, at: Date): string;
  close(): Promise<void>;
}

export async function startSmsRuFake(apiId = 'test-api-id'): Promise<SmsRuFake> {
  const received: SmsRuFake['received'] = [];
  let next = 1;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/sms/send' || form.api_id !== apiId) {
        response.end(
          JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }),
        );
        return;
      }
      const smsId = `000000-${String(next++).padStart(8, '0')}`;
      received.push({ to: form.to!, msg: form.msg!, smsId });
      response.end(
        JSON.stringify({
          status: 'OK',
          status_code: 100,
          sms: { [form.to!]: { status: 'OK', status_code: 100, sms_id: smsId } },
          balance: 4122.56,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    callbackBody: (smsIds, status, at) =>
      new URLSearchParams(
        smsIds.map((id, i) => [
          `data[${i}]`,
          `sms_status\n${id}\n${status}\n${Math.floor(at.getTime() / 1000)}`,
        ]),
      ).toString(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
