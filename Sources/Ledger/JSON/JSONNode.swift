/// A JSON value being built by `JSONTreeEncoder`.
///
/// Arrays and objects are boxes, so a container can keep adding to the one its encoder handed out
/// (as `Encoder` containers do) without copying the value.
enum JSONNode {
    case string(String)
    /// A number as its JSON text.
    case number(String)
    case bool(Bool)
    case null
    case array(JSONArrayBox)
    case object(JSONObjectBox)
    /// The value of a super encoder, known once it has been written (empty object if never).
    case deferred(JSONTreeEncoder)
}

final class JSONArrayBox {
    var items: [JSONNode] = []
}

final class JSONObjectBox {
    /// In the order written; a key may appear twice, and then the last one counts.
    var members: [(key: String, value: JSONNode)] = []

    init() {
        // Most objects have a few to a dozen members: one allocation instead of four as it grows.
        members.reserveCapacity(16)
    }
}
