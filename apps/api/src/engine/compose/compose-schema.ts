import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import composeSpec from './compose-spec.json' with { type: 'json' };

/**
 * The Compose specification's JSON schema (compose-spec/compose-spec `schema/compose-spec.json`,
 * Apache-2.0: COMPOSE-SPEC-LICENSE beside it), vendored as the dclint package ships it, checked
 * with Ajv. Compiled once, on first use.
 */
let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  // The schema names draft-07 by an https URL Ajv does not register: its meta-schema is not
  // needed to validate documents against it.
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  compiled = ajv.compile(composeSpec);
  return compiled;
}

/** The schema's first complaints about a parsed Compose document (empty: conforming). */
export function composeSchemaErrors(doc: unknown): ErrorObject[] {
  const validate = validator();
  return validate(doc) ? [] : (validate.errors ?? []);
}
