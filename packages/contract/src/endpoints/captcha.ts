// The captcha calls. Filled as the captcha routes move onto the endpoint table.
export {};
