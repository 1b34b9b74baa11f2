// The profiles calls. Filled as the profiles routes move onto the endpoint table.
export {};
