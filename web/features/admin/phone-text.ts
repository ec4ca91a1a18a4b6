/**
 * A phone as the console prints it: the server sends the digits to a role that dials them, and a mask
 * (`+7 900 •••-••-••`, decision 047) or a deleted account's marker to the others, which print as they come.
 */
export const phoneText = (phone: string) => (/^\d+$/.test(phone) ? `+${phone}` : phone);
