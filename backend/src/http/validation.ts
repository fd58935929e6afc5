import { BadRequestException, StandardSchemaValidationPipe } from '@nestjs/common';

/** Validates every @Body/@Param/@Query that declares a schema; the first issue becomes the error text. */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => new BadRequestException(issues.map((issue) => issue.message)),
  });
}
