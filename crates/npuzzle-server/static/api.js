// Talking to the server: every answer is a record {"type": T, "data": {…}}.
// Each channel keeps one request in flight: a new one aborts the old (the
// server then cancels its search) and a late reply for an older board is
// dropped by the caller's version check.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, signal) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError('the server cannot be reached: is `npuzzle serve` still running?', 0);
  }
  let record = null;
  try {
    record = await response.json();
  } catch {
    // Not JSON: fall through to the status.
  }
  if (!response.ok || !record) {
    const message = record?.data?.message ?? `the server answered ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return record;
}

// A named stream of requests, at most one in flight.
export class Channel {
  constructor() {
    this.controller = null;
  }

  cancel() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  // The record's data, or null when this request was cancelled or superseded.
  async send(method, path, body) {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const record = await call(method, path, body, controller.signal);
      return record.data;
    } catch (e) {
      if (e.name === 'AbortError') return null;
      throw e;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  get busy() {
    return this.controller !== null;
  }
}
