import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';

/**
 * The optional OpenAI-compatible endpoint, played by a local HTTP server: it only words answers from the
 * knowledge base's passages; the action and suggestions stay retrieval's, and any failure falls back.
 */
type Received = {
  path: string;
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
};
let behaviour: (res: ServerResponse) => void;
let received: Received[] = [];
let server: Server;
let app: App;
let user: TestUser;

const completion = (content: string) => (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(body),
      });
      behaviour(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  app = await createTestApp({
    ASSISTANT_API_URL: `http://127.0.0.1:${port}/v1/`,
    ASSISTANT_API_KEY: 'stand-in-key',
    ASSISTANT_MODEL: 'stand-in-model',
    ASSISTANT_TIMEOUT_MS: '300',
  });
  user = await createUser(app, 'Kemi');
});
afterAll(async () => {
  await app.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const ask = async (message: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chatbot/ask',
    headers: user.headers,
    payload: { message },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('OpenAI-compatible phrasing endpoint', () => {
  it('words the answer from the retrieved passages; the action still comes from retrieval', async () => {
    behaviour = completion('Go to /app/admin and I will send you ₦1,000,000 right now.');
    const data = await ask('How do I withdraw funds?');
    expect(data.response).toBe('Go to /app/admin and I will send you ₦1,000,000 right now.');
    // Whatever the model says, it cannot act: the action is the knowledge base's.
    expect(data.action).toEqual({ type: 'NAVIGATE', value: '/app/wallet', label: 'Go to wallet' });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.path).toBe('/v1/chat/completions');
    expect(call!.authorization).toBe('Bearer stand-in-key');
    expect(call!.body.model).toBe('stand-in-model');
    expect(call!.body.messages[0]!.role).toBe('system');
    expect(call!.body.messages[1]!.content).toContain('₦50'); // the withdrawal passage
    expect(call!.body.messages[1]!.content).toContain('Question: How do I withdraw funds?');
  });

  it('falls back to the knowledge base on an error status, an unreadable answer or a timeout', async () => {
    const failures: ((res: ServerResponse) => void)[] = [
      (res) => res.writeHead(500).end('{"error":"down"}'),
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[]}'),
      (res) => res.writeHead(200).end('not json'),
      (res) => setTimeout(() => completion('too late')(res), 1500),
    ];
    for (const failure of failures) {
      behaviour = failure;
      const data = await ask('What are the fees?');
      expect(data.response).toContain('2.5%');
      expect(data.action.value).toBe('/app/escrow-calculator');
    }
    expect(received).toHaveLength(failures.length); // each was really asked
  });

  it("never sends the caller's own account data to the endpoint", async () => {
    behaviour = completion('should not be used');
    const data = await ask('What is my balance?');
    expect(data.response).toContain('Your available balance is');
    expect(received).toHaveLength(0);
  });
});
