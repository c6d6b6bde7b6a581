/**
 * A real `redis-server` for one test file: on a free loopback port, keeping nothing on disk (`--save ''`,
 * `--appendonly no`), ready once it says so. It can be stopped (by its PID, waiting for it to exit) and started
 * again on the same port, as a store's Redis goes down and comes back, empty.
 *
 * The binary is `redis-server` on the PATH, or the one `REDIS_SERVER` names. Without it, `start()` fails and says
 * so: a test that needs Redis does not pass without one.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

const HOST = '127.0.0.1';
/** What redis-server writes once it listens and answers. */
const READY = 'Ready to accept connections';
/** The longest a start may take before it counts as failed (a bound for a hung start, not a wait). */
const START_LIMIT_MS = 15_000;
/** Tries at a fresh port when another process took the one found free. */
const PORT_TRIES = 5;

/** A port free on the loopback address right now. */
export async function freePort() {
  const probe = createServer();
  probe.listen(0, HOST);
  await once(probe, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  probe.close();
  await once(probe, 'close');
  return port;
}

export class RedisServer {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  #child;
  /** @type {Promise<unknown> | undefined} */
  #exited;
  #output = '';
  /** Kills the server when the test process ends without stopping it (a crash): no redis-server is left behind. */
  #killOnExit = () => this.#child?.kill('SIGKILL');

  /**
   * @param {number} port
   * @param {string} [command]
   */
  constructor(port, command = process.env.REDIS_SERVER || 'redis-server') {
    this.port = port;
    this.command = command;
    this.url = `redis://${HOST}:${port}`;
  }

  /** Whether the server runs (started and not exited). */
  get running() {
    return !!this.#child && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** The server's process id while it runs. */
  get pid() {
    return this.running ? this.#child?.pid : undefined;
  }

  /** Starts the server on its port; resolves once it accepts connections. */
  async start() {
    if (this.running) throw new Error(`redis-server already runs on port ${this.port}`);
    const args = ['--port', String(this.port), '--bind', HOST, '--save', '', '--appendonly', 'no'];
    const child = spawn(this.command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    this.#output = '';
    this.#exited = once(child, 'exit').catch(() => undefined);
    process.once('exit', this.#killOnExit);
    child.once('exit', () => process.removeListener('exit', this.#killOnExit));

    /** @type {(value?: unknown) => void} */
    let ready = () => {};
    /** @type {(error: Error) => void} */
    let failed = () => {};
    const started = new Promise((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const read = (/** @type {Buffer} */ chunk) => {
      this.#output += chunk;
      if (this.#output.includes(READY)) ready();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', (error) => {
      process.removeListener('exit', this.#killOnExit);
      const missing = /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT';
      failed(
        new Error(
          missing
            ? `${this.command} was not found: these tests need a real Redis server (Debian: apt-get install ` +
                `redis-server), or REDIS_SERVER set to one`
            : `${this.command} could not be started: ${error.message}`,
          { cause: error },
        ),
      );
    });
    child.once('exit', (code, signal) =>
      failed(new Error(`redis-server exited (${signal ?? code}) before it was ready:\n${this.#output.trim()}`)),
    );
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`redis-server was not ready within ${START_LIMIT_MS} ms:\n${this.#output.trim()}`));
    }, START_LIMIT_MS);
    try {
      await started;
    } finally {
      clearTimeout(limit);
    }
  }

  /** Stops the server (SIGTERM to its PID) and resolves once it has exited. */
  async stop() {
    const child = this.#child;
    if (!child || !this.running) return;
    process.kill(/** @type {number} */ (child.pid), 'SIGTERM');
    await this.#exited;
  }

  /** What the server wrote since its last start, for a failure's message. */
  get output() {
    return this.#output;
  }
}

/**
 * A redis-server started on a free loopback port (another one when a process takes that port first).
 * @param {{ command?: string }} [options]
 */
export async function startRedisServer({ command } = {}) {
  for (let attempt = 1; ; attempt++) {
    const server = new RedisServer(await freePort(), command);
    try {
      await server.start();
      return server;
    } catch (error) {
      if (attempt >= PORT_TRIES || !/Address already in use/i.test(server.output)) throw error;
    }
  }
}
