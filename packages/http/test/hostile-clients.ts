// Hostile clients for slow-clients.test.ts, in a process of their own as they would be on other
// machines (and so that each process holds only its own end of the connections):
//
//   node hostile-clients.ts <port> <idle> <slow> <ms between bytes>
//
// `idle` connections never send a byte; `slow` ones send a request's headers one byte at a time
// and never finish them. Every 100 ms a JSON line on stdout says how many connected, how many are
// still open, and the fewest bytes any slow connection has sent. Stops when stdin closes.
import { connect, type Socket } from 'node:net';

const [port, idle, slow, everyMs] = process.argv.slice(2).map(Number) as [number, number, number, number];
// A header that never ends: the server sees a request whose headers are still arriving.
const request = Buffer.from('GET /never HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');

let connected = 0;
let open = 0;
const sent: number[] = [];
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];

const openOne = (slowIndex: number | undefined) => {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  // Read whatever the server says (a 408, its closing), so that a connection it cuts closes here too.
  socket.resume();
  socket.on('connect', () => {
    connected++;
    open++;
    socket.on('close', () => open--);
    if (slowIndex === undefined) return;
    sent[slowIndex] = 0;
    const sendByte = () => {
      const at = sent[slowIndex]!;
      socket.write(at < request.length ? request.subarray(at, at + 1) : 'a');
      sent[slowIndex] = at + 1;
    };
    // Spread over the interval, so that bytes arrive all the time rather than in bursts.
    timers.push(
      setTimeout(() => {
        sendByte();
        timers.push(setInterval(sendByte, everyMs));
      }, (slowIndex * everyMs) / slow),
    );
  });
};

for (let i = 0; i < idle; i++) openOne(undefined);
for (let i = 0; i < slow; i++) openOne(i);

const report = () => {
  const slowSent = sent.filter((count) => count !== undefined);
  const minSent = slowSent.length === slow ? Math.min(...slowSent) : 0;
  process.stdout.write(`${JSON.stringify({ connected, open, minSent })}\n`);
};
const reporting = setInterval(report, 100);

process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(reporting);
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
});
