import { Injectable } from '@nestjs/common';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ToolPlugin } from '@docent/plugin-sdk';
import { DomainError } from '../../common/domain-error.js';

/**
 * Checks a tool's parameters against its input schema (JSON Schema 2020-12, which MCP
 * uses) before the tool sees them. Each schema is compiled once.
 */
@Injectable()
export class ToolInputValidator {
  // Not strict: a plugin's schema may carry keywords for people (examples, titles) that Ajv does not know.
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  assertValid(tool: ToolPlugin, parameters: Record<string, unknown>): void {
    let validate = this.compiled.get(tool.name);
    if (!validate) {
      try {
        validate = this.ajv.compile(tool.inputSchema);
      } catch (error) {
        // The plugin's mistake, not the caller's: the tool cannot run until its schema is fixed.
        throw new DomainError(
          'upstream-failed',
          `${tool.name} has an invalid input schema: ${(error as Error).message}`,
        );
      }
      this.compiled.set(tool.name, validate);
    }
    if (!validate(parameters)) {
      throw new DomainError('invalid', `Invalid parameters for ${tool.name}: ${describe(validate.errors?.[0])}`);
    }
  }
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'they do not match its input schema';
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : 'parameters';
  if (error.keyword === 'additionalProperties') {
    return `${where} has an unknown field ${String((error.params as { additionalProperty: string }).additionalProperty)}`;
  }
  if (error.keyword === 'enum') {
    return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}
