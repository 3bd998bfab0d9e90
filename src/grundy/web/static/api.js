// Shared by the workbench pages: element look-up and JSON calls to the server.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(path, body, signal) {
  // ``signal`` (an AbortController's) cancels the request: the server then stops its work.
  const response = await fetch(path, body === undefined ? { signal } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    signal,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}
