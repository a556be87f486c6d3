// Record ids are made on the device, in PocketBase's own shape (15 chars of
// [a-z0-9]), so a create can be queued offline and replayed without making a
// second record: the server refuses the id it already has.
const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
const idLength = 15;

export function newRecordId(): string {
  // Rejection sampling keeps every character equally likely (256 % 36 != 0).
  const limit = 256 - (256 % alphabet.length);
  let id = '';
  while (id.length < idLength) {
    for (const byte of crypto.getRandomValues(new Uint8Array(idLength * 2))) {
      if (byte < limit && id.length < idLength) id += alphabet[byte % alphabet.length];
    }
  }
  return id;
}
