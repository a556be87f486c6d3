/// <reference path="../pb_data/types.d.ts" />
// Business cases get what the builder needs beside the original text columns:
// the opportunity, the use case the solution came from, stakeholders, cost
// lines (one-off and yearly running), benefit inputs (hours saved a week at an
// hourly rate, extra revenue, cost avoided), the ramp-up by year, the discount
// rate, risks with mitigations and milestones. Amounts are integer cents;
// bounds come from shared/business-case-limits.json and are checked with clear
// messages by lib/tools/business-case-shape.js before these field limits apply.
// The summary columns estimated_cost_cents and estimated_annual_benefit_cents
// keep the computed 3-year total cost and the yearly benefit at full ramp.

migrate((app) => {
  const limits = require(`${__hooks}/shared/business-case-limits.json`);
  const cases = app.findCollectionByNameOrId("business_cases");
  const amount = (name) => new NumberField({ name, min: 0, max: limits.amountMaxCents, onlyInt: true });
  cases.fields.add(new TextField({ name: "opportunity", max: limits.textMax }));
  cases.fields.add(new JSONField({ name: "source_use_case", maxSize: 4096 }));
  cases.fields.add(new JSONField({ name: "stakeholders", maxSize: 65536 }));
  cases.fields.add(new JSONField({ name: "one_off_costs", maxSize: 65536 }));
  cases.fields.add(new JSONField({ name: "running_costs", maxSize: 65536 }));
  cases.fields.add(new NumberField({ name: "hours_saved_per_week", min: 0, max: limits.hoursPerWeekMax }));
  cases.fields.add(new NumberField({ name: "hourly_rate_cents", min: 0, max: limits.hourlyRateMaxCents, onlyInt: true }));
  cases.fields.add(amount("extra_revenue_cents"));
  cases.fields.add(amount("cost_avoided_cents"));
  cases.fields.add(new JSONField({ name: "ramp_up_percent", maxSize: 1024 }));
  cases.fields.add(new NumberField({ name: "discount_rate_percent", min: 0, max: limits.percentMax }));
  cases.fields.add(new JSONField({ name: "risk_items", maxSize: 65536 }));
  cases.fields.add(new JSONField({ name: "milestones", maxSize: 65536 }));
  app.save(cases);
}, (app) => {
  const cases = app.findCollectionByNameOrId("business_cases");
  for (const name of [
    "opportunity", "source_use_case", "stakeholders", "one_off_costs", "running_costs", "hours_saved_per_week", "hourly_rate_cents",
    "extra_revenue_cents", "cost_avoided_cents", "ramp_up_percent", "discount_rate_percent", "risk_items", "milestones",
  ]) cases.fields.removeByName(name);
  app.save(cases);
});
