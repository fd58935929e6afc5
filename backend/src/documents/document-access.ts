import { rulesToAST } from '@casl/ability/extra';
import type { FilterQuery } from '@mikro-orm/sql';
import {
  defineAbilityFor,
  DOCUMENT_SUBJECT,
  type Actor,
  type DocumentAccessFields,
  type DocumentAction,
} from '@docent/common/permissions';
import type { DocumentRecord } from './read-model/document.entity.js';

/**
 * The access policy (common/src/permissions) as query conditions on the documents table:
 * the same rules that decide for one document decide which rows lists, statistics,
 * search and chat may touch. CASL reduces the actor's rules for an action to one
 * condition tree; each query language below writes that tree, and a node none of them
 * knows stops the query rather than being guessed at.
 */

type PolicyCondition = NonNullable<ReturnType<typeof rulesToAST>>;

interface ConditionWriter<Written> {
  /** No rule grants the action. */
  never: Written;
  equals: (field: keyof DocumentAccessFields, value: string) => Written;
  /** Every part holds; no parts: always. */
  all: (parts: Written[]) => Written;
  /** Some part holds; no parts: never. */
  any: (parts: Written[]) => Written;
  not: (part: Written) => Written;
}

const POLICY_FIELDS: Record<keyof DocumentAccessFields, string> = {
  accessLevel: 'access_level',
  uploadedBy: 'uploaded_by',
};

const isPolicyField = (field: unknown): field is keyof DocumentAccessFields =>
  typeof field === 'string' && Object.hasOwn(POLICY_FIELDS, field);

function writePolicy<Written>(actor: Actor, action: DocumentAction, writer: ConditionWriter<Written>): Written {
  const condition = rulesToAST(defineAbilityFor(actor), action, DOCUMENT_SUBJECT);
  return condition ? write(condition, writer) : writer.never;
}

function write<Written>(condition: PolicyCondition, writer: ConditionWriter<Written>): Written {
  const parts = () => (condition.value as PolicyCondition[]).map((part) => write(part, writer));
  switch (condition.operator) {
    case 'and':
      return writer.all(parts());
    case 'or':
      return writer.any(parts());
    case 'not':
      return writer.not(writer.all(parts()));
    case 'eq': {
      const field = (condition as { field?: unknown }).field;
      if (isPolicyField(field) && typeof condition.value === 'string') return writer.equals(field, condition.value);
      throw new Error(`The document policy compares ${String(field)}, which no query knows`);
    }
    default:
      throw new Error(`The document policy uses the operator ${condition.operator}, which no query knows`);
  }
}

/**
 * The SQL condition under which the actor may do `action` to the row of `documents`
 * named `alias`: `true` when the policy grants every document, `false` when none.
 * Values go through `bind`, which adds each as a parameter and returns its placeholder.
 */
export function documentAccessSql(
  actor: Actor,
  action: DocumentAction,
  { alias, bind }: { alias: string; bind: (value: unknown) => string },
): string {
  return writePolicy<string>(actor, action, {
    never: 'false',
    equals: (field, value) => `${alias}.${POLICY_FIELDS[field]} = ${bind(value)}`,
    all: (parts) => (parts.length ? `(${parts.join(' and ')})` : 'true'),
    any: (parts) => (parts.length ? `(${parts.join(' or ')})` : 'false'),
    not: (part) => `(not ${part})`,
  });
}

/** A `bind` for statements with `?` placeholders (em.execute), which take their values in the order written. */
export function bindInOrder(parameters: unknown[]): (value: unknown) => string {
  return (value) => {
    parameters.push(value);
    return '?';
  };
}

/** The same condition as a MikroORM filter on the documents entity. */
export function documentAccessFilter(actor: Actor, action: DocumentAction): FilterQuery<DocumentRecord> {
  const never: FilterQuery<DocumentRecord> = { id: { $in: [] } };
  return writePolicy<FilterQuery<DocumentRecord>>(actor, action, {
    never,
    equals: (field, value) => ({ [field]: value }),
    all: (parts) => (parts.length ? { $and: parts } : {}),
    any: (parts) => (parts.length ? { $or: parts } : never),
    not: (part) => ({ $not: part }),
  });
}
