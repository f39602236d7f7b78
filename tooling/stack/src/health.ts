/** Whether `GET <url>/healthz` answers 200 now (the body is read, so the connection can be reused). */
export const healthy = async (url: string): Promise<boolean> => {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status === 200;
};
