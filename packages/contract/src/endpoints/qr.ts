// The qr calls. Filled as the qr routes move onto the endpoint table.
export {};
