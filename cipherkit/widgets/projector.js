// The projector's page: an ES module + DOM (bundled by scripts/build_widget_js.py).
//
// It draws the `view` trait: every word (in the widget's language, which it sets on the
// element), the address, the QR code (a data: image drawn by the kernel) and the codes
// come from the kernel; nothing here decides. It sends two
// messages: {type: "page", url} (this page's own address, origin and path, from which
// the kernel makes the Play together address) and {type: "resume", token} (a one-time
// token the server gives for the teacher's httponly cookie: the kernel opens that
// pass's class session, read-only). No key is ever typed or kept here.

import { h, speakLanguage } from "./table_common.js";
import { teacherPass } from "./teacher_pass.js";

function render({ model, el }) {
  const root = h("div", { class: "ck-projector", "data-testid": "projector" });
  el.append(root);
  speakLanguage(model, el);

  function draw() {
    const view = model.get("view") || {};
    if (view.locked !== false) {
      root.replaceChildren(h("p", { class: "ck-projector-closed", "data-testid": "projector-closed", text: view.text || "" }));
      return;
    }
    const words = view.words || {};
    const rooms = view.rooms || [];
    root.replaceChildren(
      h(
        "div",
        { class: "ck-projector-top" },
        h(
          "div",
          { class: "ck-projector-join" },
          h("h2", { class: "ck-projector-title", text: words.title || "" }),
          h("div", { class: "ck-projector-label", text: words.address || "" }),
          h("div", { class: "ck-projector-address", "data-testid": "projector-address", text: view.address || "" }),
          h("div", { class: "ck-projector-label", text: words.class_code || "" }),
          h("div", { class: "ck-projector-class-code", "data-testid": "projector-class-code", text: view.class_code || "" }),
        ),
        view.qr && typeof view.qr === "string" && view.qr.startsWith("data:image/svg+xml;base64,")
          ? h("img", { class: "ck-projector-qr", "data-testid": "projector-qr", src: view.qr, alt: words.qr || "" })
          : null,
      ),
      h(
        "div",
        { class: "ck-projector-rooms", "data-testid": "projector-rooms" },
        h("div", { class: "ck-projector-label", text: words.rooms || "" }),
        view.no_rooms ? h("p", { class: "ck-projector-hint", text: view.no_rooms }) : null,
        h(
          "div",
          { class: "ck-projector-room-list" },
          ...rooms.map((r) =>
            h(
              "div",
              { class: "ck-projector-room", "data-testid": "projector-room", "data-code": r.code },
              h("span", { class: "ck-projector-room-label", text: r.label }),
              h("span", { class: "ck-projector-room-code", "data-testid": "projector-room-code", text: r.code }),
              h("span", { class: "ck-projector-hint", text: r.state }),
            ),
          ),
        ),
      ),
    );
  }

  model.on("change:view", draw);
  draw();
  model.send({ type: "page", url: window.location.origin + window.location.pathname });
  // The teacher's pass (if this browser holds one) opens its own class session here.
  teacherPass("resume")
    .then((reply) => reply && reply.json())
    .then((answer) => {
      if (answer && typeof answer.token === "string") model.send({ type: "resume", token: answer.token });
    })
    .catch(() => {});
}

export default { render };
