import { BadRequestException, StandardSchemaValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { unstorableInputProblem } from '@docent/common/validation';

/** How messages name each kind of input as a whole; fields inside it are named by their path. */
const INPUT_NAMES: Partial<Record<ArgumentMetadata['type'], string>> = {
  body: 'The request body',
  query: 'The query string',
};

/**
 * Validates every @Body/@Query/@Param. Whatever the route, a value that cannot be stored
 * (a NUL character, an unpaired surrogate, nesting beyond the limit) is refused first, so
 * no route's schema has to repeat the rule; then the route's schema, if it declares one.
 * The first issue becomes the error text.
 */
class RequestValidationPipe extends StandardSchemaValidationPipe {
  override async transform<T>(value: T, metadata: ArgumentMetadata): Promise<T> {
    if (metadata.type !== 'custom') {
      const problem = unstorableInputProblem(value, INPUT_NAMES[metadata.type] ?? metadata.data ?? 'A parameter');
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): StandardSchemaValidationPipe {
  return new RequestValidationPipe({
    exceptionFactory: (issues) => new BadRequestException(issues.map((issue) => issue.message)),
  });
}
