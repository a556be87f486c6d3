/// <reference path="../pb_data/types.d.ts" />
// POST and PATCH /api/collections/readiness_assessments/records (the owner,
// through the rules): the record as it would be saved must have a valid shape
// (known questions, answers 1..5, results that match the answers, plan ticks
// of its own plan), else 400 naming the field. Logic: lib/tools/readiness-shape.js.

onRecordCreateRequest((e) => require(`${__hooks}/lib/tools/readiness-shape.js`).checkAssessment(e), "readiness_assessments");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/tools/readiness-shape.js`).checkAssessment(e), "readiness_assessments");
