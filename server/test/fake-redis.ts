import { createServer, type Socket } from 'node:net';

/**
 * A stand-in for a Redis that is away without refusing connections (docs/decisions/049), on a port of its own:
 * - `silent`: accepts connections and never answers a byte (a black hole: a firewall dropping, a host gone);
 * - `hung`: answers the client's greeting (CLIENT SETINFO, INFO) so the client is ready, then nothing more
 *   (a Redis stopped with SIGSTOP, a full network buffer);
 * - `answer`: answers everything, the backlog first, in order: the rate-limit script with -1 ("counted"), PING
 *   with PONG.
 * It counts the commands that reached it beyond the greeting: what a breaker spares Redis is observable.
 */
export interface FakeRedis {
  url: string;
  /** Commands received beyond the greeting (the script, PING). */
  commands(): number;
  setMode(mode: FakeRedisMode): void;
  close(): Promise<void>;
}

export type FakeRedisMode = 'silent' | 'hung' | 'answer';

const GREETING = new Set(['client', 'info', 'select']);

/** The commands in a chunk of RESP arrays: each one's first word, lower-cased (enough for this stand-in). */
function commandNames(buffered: string): { names: string[]; rest: string } {
  const names: string[] = [];
  let rest = buffered;
  for (;;) {
    const match = /^\*(\d+)\r\n/.exec(rest);
    if (!match) return { names, rest };
    let offset = match[0].length;
    const parts: string[] = [];
    for (let i = 0; i < Number(match[1]); i++) {
      const head = /^\$(\d+)\r\n/.exec(rest.slice(offset));
      if (!head) return { names, rest };
      const start = offset + head[0].length;
      const end = start + Number(head[1]);
      if (rest.length < end + 2) return { names, rest };
      parts.push(rest.slice(start, end));
      offset = end + 2;
    }
    names.push((parts[0] ?? '').toLowerCase());
    rest = rest.slice(offset);
  }
}

function replyTo(name: string): string {
  if (name === 'info') {
    const body = 'redis_version:7.0.0\r\nloading:0\r\n';
    return `$${body.length}\r\n${body}\r\n`;
  }
  if (name === 'evalsha' || name === 'eval') return ':-1\r\n';
  if (name === 'ping') return '+PONG\r\n';
  return '+OK\r\n';
}

export async function startFakeRedis(initial: FakeRedisMode): Promise<FakeRedis> {
  let mode = initial;
  let counted = 0;
  const sockets = new Set<Socket>();
  /** Per connection, the commands not answered yet (Redis answers in order, so a backlog goes first). */
  const pending = new Map<Socket, string[]>();
  const flush = (socket: Socket) => {
    const queue = pending.get(socket)!;
    while (queue.length > 0) {
      const name = queue[0]!;
      const answers = mode === 'answer' || (mode === 'hung' && GREETING.has(name));
      if (!answers) return;
      queue.shift();
      socket.write(replyTo(name));
    }
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    pending.set(socket, []);
    let buffered = '';
    socket.on('data', (chunk) => {
      const { names, rest } = commandNames(buffered + chunk.toString('latin1'));
      buffered = rest;
      counted += names.filter((name) => !GREETING.has(name)).length;
      pending.get(socket)!.push(...names);
      flush(socket);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      pending.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}/0`,
    commands: () => counted,
    setMode(next) {
      mode = next;
      for (const socket of sockets) flush(socket);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
