// The teacher's cookie (cipherkit.serve.teacher_pass), shared by the teacher's page and
// the projector's page: POST .../voila/api/teacher/stay (a one-time token the kernel
// minted, for the httponly cookie) or .../resume (the cookie's own session: a one-time
// token for this page's kernel), with the page's _xsrf token. Resolves to the reply, or
// null when the server refused.
export function teacherPass(action, fields = {}) {
  let base = "/";
  try {
    base = JSON.parse(document.getElementById("jupyter-config-data").textContent).baseUrl || "/";
  } catch (_) {
    /* the server's root */
  }
  if (!base.endsWith("/")) base += "/";
  const xsrf = (document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/) || [])[1] || "";
  const body = new URLSearchParams({ _xsrf: decodeURIComponent(xsrf), ...fields });
  return fetch(`${base}voila/api/teacher/${action}`, { method: "POST", body, credentials: "same-origin" })
    .then((reply) => (reply.ok ? reply : null));
}
