import net from 'node:net';

// HTTP/1.1 over a plain socket, for requests an HTTP client would refuse or tidy up: a target
// with a tab, a backslash or a raw non-ASCII byte goes on the wire exactly as written.

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** One request with `Connection: close` (and `body` after the headers, as given); the answer as the server sent it (status 0 if it sent none). */
export function rawRequest(baseUrl: string, method: string, target: string, headers: Record<string, string> = {}, body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
    const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8'));
  });
}

/** The first answer in `text`: status line, headers (names lower-case, repeats joined by ", ") and body. */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/1.1 ') || end === -1) return { status: 0, headers: {}, body: text };
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}
