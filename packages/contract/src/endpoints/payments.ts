// The payments calls. Filled as the payments routes move onto the endpoint table.
export {};
