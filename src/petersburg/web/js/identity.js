// The name this browser shows, kept in localStorage. Who this browser is, is the server's to say:
// it issues a guest identity in a cookie scripts cannot read (or the account's, once signed in),
// so a page never sends an identity of its own.

/** @returns {{ name: string }} */
export function identity() {
  return { name: localStorage.getItem("pb_name") || "" };
}

/** @param {string} name */
export function setName(name) {
  localStorage.setItem("pb_name", name.trim().replace(/\s+/g, " ").slice(0, 24));
}
