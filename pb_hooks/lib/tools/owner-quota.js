// How many records of one collection an owner may keep (RECORDS_PER_OWNER,
// default 500: far more than a workshop needs). A create beyond it is answered
// 400 and writes nothing; superusers (the dashboard) are not capped.
const DEFAULT_RECORDS_PER_OWNER = 500;

function recordsPerOwner() {
  const value = parseInt(($os.getenv("RECORDS_PER_OWNER") || "").trim(), 10);
  return value > 0 ? value : DEFAULT_RECORDS_PER_OWNER;
}

function checkOwnerQuota(e) {
  if (e.hasSuperuserAuth()) return e.next();
  const limit = recordsPerOwner();
  const owner = e.record.getString("owner");
  const held = e.app.countRecords(e.record.collection().name, $dbx.hashExp({ owner: owner }));
  if (held >= limit) {
    throw new BadRequestError(`You have reached the limit of ${limit} here. Delete some to add more.`);
  }
  return e.next();
}

module.exports = { checkOwnerQuota, recordsPerOwner };
