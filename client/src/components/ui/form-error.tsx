/** A form's (or an action's) error, announced as soon as it shows (`role="alert"`); nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
