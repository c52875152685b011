import { FormError } from '../../../components/ui/form-error';

/** A settings form's end: its error (an alert), its saved note (a status) and the submit button, busy while saving. */
export function FormEnd({ loading, message, notice, save, saving }: { loading: boolean; message: string | null; notice: string | null; save: string; saving: string }) {
  return (
    <>
      <FormError message={message} />
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={loading} aria-busy={loading}>
          {loading ? saving : save}
        </button>
      </div>
    </>
  );
}
