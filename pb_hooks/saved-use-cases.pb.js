/// <reference path="../pb_data/types.d.ts" />
// saved_use_cases create and update requests (the owner's, through the rules):
// a saved draft over 64 KB, or with a text, tag list or request text longer
// than the draft rules allow, is answered 400 on `generated` and nothing is
// written. Logic: lib/tools/saved-use-case-shape.js.

onRecordCreateRequest((e) => require(`${__hooks}/lib/tools/saved-use-case-shape.js`).checkSavedUseCase(e), "saved_use_cases");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/tools/saved-use-case-shape.js`).checkSavedUseCase(e), "saved_use_cases");
