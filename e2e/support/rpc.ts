import { type APIRequestContext, expect } from '@playwright/test';

/** A JSON-RPC call through the app's own /rpc endpoint, as any wallet would make it. */
export async function rpc<T>(request: APIRequestContext, network: string, method: string, params: unknown[]): Promise<T> {
  const response = await request.post(`/rpc/${network}`, { data: { jsonrpc: '2.0', id: 1, method, params } });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(answer.error.message);
  return answer.result as T;
}
