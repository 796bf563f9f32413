/**
 * The forms of the server's first screen, kept by the bootstrap before the app's first render
 * (docs/decisions/0023). AuthForm reads them: where React hydrates that screen a form is its own
 * served element; where the app renders over it, the served form is no longer on the page and the
 * app's form in its place takes it.
 */
export const servedForms: { forms: ArrayLike<HTMLFormElement> } = { forms: [] };
