/// A form of the documentation site (``HTMLSite``, ``MarkdownSite``): the same pages, at the same
/// paths but for their ending, each form writing them its own way.
protocol SiteForm {
    var content: SiteContent { get }
    /// The index page's file name.
    static var indexFile: String { get }
    /// The other pages' file ending, with its dot.
    static var fileEnding: String { get }

    func index() -> String
    func areaPage(_ area: SiteContent.Area) -> String
    func seedPage(_ seed: SeedPage) -> String
    func matrixPage() -> String
    func enginePage(_ index: Int, matrix: ConformanceMatrix) -> String
    func fieldPage(_ field: FieldView) -> String
}

extension SiteForm {
    /// Path (relative to the form's root) and text of every page: the index, an area's, a seed's,
    /// with results the matrix and an engine's, and with the field's results the field's.
    func pages() -> [(path: String, text: String)] {
        var pages = [(Self.indexFile, index())]
        for area in content.areas {
            pages.append(("areas/\(area.pageName)\(Self.fileEnding)", areaPage(area)))
        }
        for seed in content.seedPages {
            pages.append(("seeds/\(seed.pageName)\(Self.fileEnding)", seedPage(seed)))
        }
        if let matrix = content.matrix {
            pages.append(("matrix\(Self.fileEnding)", matrixPage()))
            for index in matrix.columns.indices {
                pages.append(
                    ("engines/\(matrix.columns[index].fileName)\(Self.fileEnding)", enginePage(index, matrix: matrix))
                )
            }
        }
        if let field = content.field {
            pages.append(("field\(Self.fileEnding)", fieldPage(field)))
        }
        return pages
    }
}
