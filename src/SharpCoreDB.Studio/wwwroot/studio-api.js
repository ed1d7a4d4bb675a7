// SharpCoreDB Studio: calls to the local server. The token travels in the HttpOnly
// cookie the server set when the printed address was opened, so nothing here sees
// it; every call is same-origin JSON. A failed call throws an ApiError carrying the
// server's message, error code and, for syntax errors, line and column.
export class ApiError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.code = error.code;
    this.line = error.line ?? null;
    this.column = error.column ?? null;
  }
}

async function send(path, body) {
  const init = body === undefined
    ? { method: 'GET', credentials: 'same-origin' }
    : { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  if (response.ok) return response;
  const type = response.headers.get('Content-Type') ?? '';
  const error = type.includes('json') ? (await response.json()).error : { message: (await response.text()).trim(), code: String(response.status) };
  throw new ApiError(response.status, error);
}

/** GET (no body) or POST (a JSON body) to path; resolves to the parsed JSON answer. */
export async function api(path, body) {
  return (await send(path, body)).json();
}

/** POSTs body to path and saves the answer as a file named fileName. */
export async function download(path, body, fileName) {
  const blob = await (await send(path, body)).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
