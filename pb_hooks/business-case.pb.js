/// <reference path="../pb_data/types.d.ts" />
// business_cases create and update requests (the owner's, through the
// collection API; the rules have passed): a case whose amounts, rates,
// hours, lists or texts are out of bounds is answered 400 with a message per
// field and nothing is written. Logic: lib/tools/business-case-shape.js.

onRecordCreateRequest((e) => require(`${__hooks}/lib/tools/business-case-shape.js`).checkBusinessCase(e), "business_cases");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/tools/business-case-shape.js`).checkBusinessCase(e), "business_cases");
