// Shared by the workbench pages: element look-up and JSON calls to the server.
"use strict";

const $ = (id) => document.getElementById(id);

// This tab's name for the server's per-client cap on searches, so that tabs (and
// people behind one address) do not share one allowance.
const CLIENT = [...crypto.getRandomValues(new Uint8Array(8))]
  .map((byte) => byte.toString(16).padStart(2, "0")).join("");
// How many times a request refused as busy (429 with Retry-After) is sent again: a
// search this page has just cancelled holds its place until the server notices.
const RETRIES = 20;

function pause(seconds, signal) {
  return new Promise((resolve, reject) => {
    const stop = () => { clearTimeout(timer); reject(new DOMException("cancelled", "AbortError")); };
    const timer = setTimeout(() => { signal?.removeEventListener("abort", stop); resolve(); },
      seconds * 1000);
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
}

async function api(path, body, signal) {
  // ``signal`` (an AbortController's) cancels the request: the server then stops its work.
  const init = body === undefined ? { signal } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    signal,
  };
  init.headers = { ...init.headers, "X-Grundy-Client": CLIENT };
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(path, init);
    const data = await response.json();
    if (response.ok) return data;
    const wait = parseFloat(response.headers.get("retry-after"));
    if (response.status !== 429 || !(wait >= 0) || attempt >= RETRIES) {
      throw new Error(data.error || response.statusText);
    }
    await pause(wait, signal);
  }
}
