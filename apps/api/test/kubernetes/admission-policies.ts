import { Environment, evaluate, type ObjectSchema } from '@marcbachmann/cel-js';

/**
 * The ValidatingAdmissionPolicies of deploy/kubernetes/platform.yaml as the API server applies
 * them, for tests: a request matches a policy by resource and operation
 * (matchConstraints.resourceRules), then its matchConditions, then every validation must be
 * true; with failurePolicy Fail an expression that errors (a missing field) denies too. Each
 * policy's binding brings its params (paramRef: the ConfigMap, or a denial when it is missing
 * and parameterNotFoundAction is Deny). Expressions are CEL, evaluated by @marcbachmann/cel-js,
 * which implements the CEL specification the API server's cel-go does; the policies use none
 * of Kubernetes' own CEL libraries (quantity, ip…), which it does not have.
 *
 * typeErrors() type-checks every expression against each kind its policy matches, as the API
 * server does when it stores the policy (its warning `undefined field 'roleRef'`): `object` and
 * `oldObject` are typed by that kind's schema (the fields of the Kubernetes API used here).
 */

type Json = Record<string, unknown>;

export interface PolicyDocument {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Json;
  data?: Record<string, string>;
}

interface ResourceRule {
  apiGroups: string[];
  operations: string[];
  resources: string[];
}

interface Policy {
  name: string;
  failurePolicy?: string;
  paramKind?: { kind: string };
  matchConstraints: { resourceRules: ResourceRule[] };
  matchConditions?: { name: string; expression: string }[];
  validations: { expression: string; message?: string }[];
}

interface Binding {
  policyName: string;
  validationActions: string[];
  paramRef?: { name: string; namespace?: string; parameterNotFoundAction?: string };
}

export interface AdmissionRequest {
  operation: 'CREATE' | 'UPDATE' | 'DELETE';
  /** API group ('' for the core group) and plural resource, as RBAC names them. */
  group: string;
  resource: string;
  username: string;
  object: Json | null;
  oldObject: Json | null;
  /** The namespace of a namespaced object (null for cluster-scoped ones). */
  namespaceObject: Json | null;
}

export interface AdmissionAnswer {
  allowed: boolean;
  /** `policy: message` of each validation that said no (or could not be evaluated). */
  denials: string[];
}

const META: ObjectSchema = {
  name: 'string',
  namespace: 'string',
  labels: 'map<string, string>',
  annotations: 'map<string, string>',
  uid: 'string',
  resourceVersion: 'string',
  finalizers: 'list<string>',
};

/** The Kubernetes API's fields of each kind the policies read (kind → nested schema). */
const KIND_SCHEMAS: Record<string, { types?: Record<string, ObjectSchema>; schema: ObjectSchema }> =
  {
    namespaces: {
      schema: {
        apiVersion: 'string',
        kind: 'string',
        metadata: META,
        spec: { finalizers: 'list<string>' },
        status: { phase: 'string' },
      },
    },
    rolebindings: {
      types: {
        Subject: { apiGroup: 'string', kind: 'string', name: 'string', namespace: 'string' },
      },
      schema: {
        apiVersion: 'string',
        kind: 'string',
        metadata: META,
        roleRef: { apiGroup: 'string', kind: 'string', name: 'string' },
        subjects: 'list<Subject>',
      },
    },
    services: {
      types: {
        ServicePort: {
          name: 'string',
          protocol: 'string',
          port: 'int',
          targetPort: 'dyn',
          nodePort: 'int',
          appProtocol: 'string',
        },
      },
      schema: {
        apiVersion: 'string',
        kind: 'string',
        metadata: META,
        spec: {
          type: 'string',
          clusterIP: 'string',
          clusterIPs: 'list<string>',
          externalIPs: 'list<string>',
          externalName: 'string',
          loadBalancerIP: 'string',
          loadBalancerSourceRanges: 'list<string>',
          externalTrafficPolicy: 'string',
          selector: 'map<string, string>',
          ports: 'list<ServicePort>',
        },
      },
    },
    resourcequotas: {
      schema: {
        apiVersion: 'string',
        kind: 'string',
        metadata: META,
        spec: {
          hard: 'map<string, string>',
          scopes: 'list<string>',
          scopeSelector: { matchExpressions: 'list<dyn>' },
        },
      },
    },
  };

const NAMESPACE_SCHEMA = KIND_SCHEMAS.namespaces!.schema;
const CONFIG_MAP_SCHEMA: ObjectSchema = { metadata: META, data: 'map<string, string>' };
const REQUEST_SCHEMA: ObjectSchema = {
  operation: 'string',
  name: 'string',
  namespace: 'string',
  userInfo: { username: 'string', uid: 'string', groups: 'list<string>' },
  resource: { group: 'string', version: 'string', resource: 'string' },
};

export class AdmissionPolicies {
  private readonly policies: Policy[];
  private readonly bindings: Binding[];
  private readonly configMaps: PolicyDocument[];

  constructor(
    documents: PolicyDocument[],
    /** ConfigMap data replaced by the test (`namespace/name` → data), e.g. an operator's choice. */
    private readonly paramOverrides: Record<string, Record<string, string>> = {},
  ) {
    this.policies = documents
      .filter((d) => d.kind === 'ValidatingAdmissionPolicy')
      .map((d) => ({ name: d.metadata.name, ...(d.spec as object) }) as Policy);
    this.bindings = documents
      .filter((d) => d.kind === 'ValidatingAdmissionPolicyBinding')
      .map((d) => d.spec as unknown as Binding);
    this.configMaps = documents.filter((d) => d.kind === 'ConfigMap');
  }

  get names(): string[] {
    return this.policies.map((p) => p.name);
  }

  /** Policies without a binding that denies are not enforced: a mistake, for the test to catch. */
  unbound(): string[] {
    return this.policies
      .filter(
        (p) =>
          !this.bindings.some(
            (b) => b.policyName === p.name && b.validationActions.includes('Deny'),
          ),
      )
      .map((p) => p.name);
  }

  admit(request: AdmissionRequest): AdmissionAnswer {
    const denials: string[] = [];
    for (const policy of this.policies) {
      const matched = policy.matchConstraints.resourceRules.some(
        (r) =>
          r.apiGroups.includes(request.group) &&
          r.resources.includes(request.resource) &&
          r.operations.includes(request.operation),
      );
      if (!matched) continue;
      const context: Json = {
        object: request.object,
        oldObject: request.oldObject,
        namespaceObject: request.namespaceObject,
        request: {
          operation: request.operation,
          userInfo: { username: request.username },
          resource: { group: request.group, version: 'v1', resource: request.resource },
        },
      };
      const deny = (why: string) => denials.push(`${policy.name}: ${why}`);
      try {
        if (!(policy.matchConditions ?? []).every((c) => evaluate(c.expression, context) === true))
          continue;
      } catch (error) {
        if (policy.failurePolicy !== 'Ignore') deny(`matchCondition: ${(error as Error).message}`);
        continue;
      }
      for (const binding of this.bindings.filter((b) => b.policyName === policy.name)) {
        if (policy.paramKind) {
          const ref = binding.paramRef;
          const params = ref ? this.params(ref.namespace ?? '', ref.name) : null;
          if (!params) {
            if (ref?.parameterNotFoundAction !== 'Allow') deny('params not found');
            continue;
          }
          context.params = params;
        }
        for (const validation of policy.validations) {
          try {
            if (evaluate(validation.expression, context) !== true)
              deny(validation.message ?? validation.expression);
          } catch (error) {
            if (policy.failurePolicy !== 'Ignore') deny(`error: ${(error as Error).message}`);
          }
        }
      }
    }
    return { allowed: denials.length === 0, denials };
  }

  /** Every expression that does not type-check against a kind its policy matches. */
  typeErrors(): string[] {
    const errors: string[] = [];
    for (const policy of this.policies) {
      const resources = policy.matchConstraints.resourceRules.flatMap((r) => r.resources);
      for (const resource of resources) {
        const kind = KIND_SCHEMAS[resource];
        if (!kind) {
          errors.push(`${policy.name}: no schema for ${resource} in this test`);
          continue;
        }
        const env = new Environment();
        for (const [name, schema] of Object.entries(kind.types ?? {}))
          env.registerType({ name, schema });
        env.registerVariable({ name: 'object', schema: kind.schema });
        env.registerVariable({ name: 'oldObject', schema: kind.schema });
        env.registerVariable({ name: 'namespaceObject', schema: NAMESPACE_SCHEMA });
        env.registerVariable({ name: 'request', schema: REQUEST_SCHEMA });
        if (policy.paramKind) env.registerVariable({ name: 'params', schema: CONFIG_MAP_SCHEMA });
        const expressions = [
          ...(policy.matchConditions ?? []).map((c) => c.expression),
          ...policy.validations.map((v) => v.expression),
        ];
        for (const [i, expression] of expressions.entries()) {
          let result: { valid: boolean; error?: { message?: string } };
          try {
            result = env.check(expression) as typeof result;
          } catch (error) {
            result = { valid: false, error: error as Error };
          }
          if (!result.valid)
            errors.push(
              `${policy.name} [${resource}] expression ${i}: ${result.error?.message ?? 'invalid'}`,
            );
        }
      }
    }
    return errors;
  }

  private params(namespace: string, name: string): Json | null {
    const override = this.paramOverrides[`${namespace}/${name}`];
    const found = this.configMaps.find(
      (c) => c.metadata.name === name && (c.metadata.namespace ?? '') === namespace,
    );
    if (!found && !override) return null;
    return { metadata: { name, namespace }, data: override ?? found?.data ?? {} };
  }
}
