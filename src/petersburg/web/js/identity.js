// Who this browser is: a random id kept in localStorage (the server maps it to seats) and a name.

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";

/** @returns {{ uid: string, name: string }} */
export function identity() {
  let uid = localStorage.getItem("pb_uid");
  if (!uid || !/^[A-Za-z0-9_-]{8,64}$/.test(uid)) {
    const bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);
    uid = Array.from(bytes, (b) => ALPHABET[b % 64]).join("");
    localStorage.setItem("pb_uid", uid);
  }
  return { uid, name: localStorage.getItem("pb_name") || "" };
}

/** @param {string} name */
export function setName(name) {
  localStorage.setItem("pb_name", name.trim().replace(/\s+/g, " ").slice(0, 24));
}
