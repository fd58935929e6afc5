export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, type CheckboxProps } from './checkbox';
export { describedBy, StyledField, StyledHint, StyledInput, StyledLabel } from './field-parts';
export { FormAlert } from './form-alert';
export { InlineError } from './inline-error';
export { PasswordField, type PasswordFieldProps } from './password-field';
export { TextField, type TextFieldProps } from './text-field';
