/** The window event the projects code dispatches after a successful add to a project. */
export const PROJECT_ADD_EVENT = 'catalogue:add-to-project';
