/// <reference path="../../../pb_data/types.d.ts" />
// PocketBase's record ids: 15 lower-case letters and digits. Every route that
// takes an id checks it against this one pattern before reading anything.

const ID_PATTERN = /^[a-z0-9]{15}$/;
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH = 15;

/** Whether `value` is shaped like a record id. @param {unknown} value */
function isRecordId(value) {
  return typeof value === "string" && ID_PATTERN.test(value);
}

/** A new record id, for a record whose id must be known before it is saved. */
function newRecordId() {
  return $security.randomStringWithAlphabet(ID_LENGTH, ID_ALPHABET);
}

module.exports = { ID_PATTERN, isRecordId, newRecordId };
